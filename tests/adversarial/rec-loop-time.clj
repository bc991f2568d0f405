;; an endless loop/recur with only a time limit
;; family: recursion
;; expect: limit
;; limits: --timeout-ms 300 --max-steps 1000000000000
(loop [i 0] (recur (inc i)))
