;; a string doubled 40 times, only time and memory limits
;; family: string
;; expect: limit
;; limits: --timeout-ms 1000 --max-steps 1000000000000 --max-memory-mb 64
(loop [s "a" i 0] (if (< i 40) (recur (str s s) (inc i)) (count s)))
