;; (a+)+b over 100,000 a's: catastrophic for backtracking engines, linear here
;; family: regex
;; expect: value
;; limits: --timeout-ms 500 --max-steps 2000000
(re-find #"(a+)+b" (apply str (repeat 100000 "a")))
