;; (str s s) of a 16 MiB s: refused by the string limit before anything is copied
;; family: string
;; expect: limit
;; limits: --timeout-ms 300 --max-steps 1000000000000
(def s (loop [s "a" i 0] (if (< i 24) (recur (str s s) (inc i)) s)))  ; 16 MiB, the most allowed
(count (str s s))
