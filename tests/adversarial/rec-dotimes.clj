;; dotimes over 1e18
;; family: recursion
;; expect: limit
;; limits: --timeout-ms 500 --max-steps 2000000
(dotimes [i 1000000000000000000] nil)
