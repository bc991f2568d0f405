;; (a|aa)*c over 5,000 a's
;; family: regex
;; expect: value
;; limits: --timeout-ms 500 --max-steps 2000000
(re-matches #"(a|aa)*c" (apply str (repeat 5000 "a")))
