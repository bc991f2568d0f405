;; while true
;; family: recursion
;; expect: limit
;; limits: --timeout-ms 500 --max-steps 2000000
(while true nil)
