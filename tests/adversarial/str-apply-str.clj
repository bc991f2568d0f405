;; apply str over 100 million strings
;; family: string
;; expect: limit
;; limits: --timeout-ms 500 --max-steps 2000000
(count (apply str (repeat 100000000 "a")))
