;; sort of 2,000,000 strings (the string path: positions, texts and result filled on the clock)
;; (1,000,000 strings sorted whole in 411 ms on a fast CI host, inside the 500 ms limit)
;; family: range
;; expect: limit
;; limits: --timeout-ms 500 --max-steps 1000000000000
(first (sort (mapv str (range 2000000))))
