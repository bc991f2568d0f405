;; every pmap branch loops, only a time limit
;; family: pmap
;; expect: limit
;; limits: --timeout-ms 300 --max-steps 1000000000000
(pmap (fn [_] (loop [] (recur))) (range 4))
