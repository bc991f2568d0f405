;; every pmap branch loops
;; family: pmap
;; expect: limit
;; limits: --timeout-ms 500 --max-steps 2000000
(pmap (fn [_] (loop [] (recur))) (range 4))
