;; nested pmap whose inner branches loop
;; family: pmap
;; expect: limit
;; limits: --timeout-ms 500 --max-steps 2000000
(pmap (fn [_] (pmap (fn [_] (loop [] (recur))) (range 3))) (range 3))
