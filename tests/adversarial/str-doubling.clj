;; a string doubled 40 times
;; family: string
;; expect: limit
;; limits: --timeout-ms 500 --max-steps 2000000
(loop [s "a" i 0] (if (< i 40) (recur (str s s) (inc i)) (count s)))
