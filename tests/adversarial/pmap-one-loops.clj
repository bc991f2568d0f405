;; one pmap branch loops, the others finish
;; family: pmap
;; expect: limit
;; limits: --timeout-ms 500 --max-steps 2000000
(pmap (fn [i] (if (= i 2) (loop [] (recur)) i)) (range 4))
