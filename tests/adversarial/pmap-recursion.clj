;; deep recursion in pmap branches
;; family: pmap
;; expect: limit
;; limits: --timeout-ms 500 --max-steps 2000000
(defn f [n] (f n))
(pmap f [1 2])
