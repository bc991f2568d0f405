;; pmap branches realising huge ranges
;; family: pmap
;; expect: limit
;; limits: --timeout-ms 1000 --max-steps 1000000000000 --max-memory-mb 64
(pmap (fn [_] (count (vec (range 1e10)))) [1 2])
