;; for over two infinite ranges
;; family: recursion
;; expect: limit
;; limits: --timeout-ms 500 --max-steps 2000000
(count (for [i (range) j (range)] [i j]))
