;; an endless loop/recur
;; family: recursion
;; expect: limit
;; limits: --timeout-ms 500 --max-steps 2000000
(loop [] (recur))
