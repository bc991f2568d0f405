;; concat of two huge ranges into a vector
;; family: range
;; expect: limit
;; limits: --timeout-ms 500 --max-steps 2000000
(count (vec (concat (range 1e10) (range 1e10))))
