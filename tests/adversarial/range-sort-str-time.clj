;; sort of 1,000,000 strings (the string path: positions, texts and result filled on the clock)
;; family: range
;; expect: limit
;; limits: --timeout-ms 500 --max-steps 1000000000000
(first (sort (mapv str (range 1000000))))
