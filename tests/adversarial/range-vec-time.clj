;; (vec (range 1e10)), only time and memory limits
;; family: range
;; expect: limit
;; limits: --timeout-ms 1000 --max-steps 1000000000000 --max-memory-mb 64
(count (vec (range 1e10)))
