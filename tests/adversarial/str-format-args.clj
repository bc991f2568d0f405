;; format doubling its own output
;; family: string
;; expect: limit
;; limits: --timeout-ms 500 --max-steps 2000000
(loop [s "a" i 0] (if (< i 40) (recur (format "%s%s" s s) (inc i)) (count s)))
