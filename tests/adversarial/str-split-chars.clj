;; splitting a 32 MiB string into characters
;; family: string
;; expect: limit
;; limits: --timeout-ms 500 --max-steps 2000000
(def s (loop [s "a" i 0] (if (< i 25) (recur (str s s) (inc i)) s)))  ; 32 MiB
(count (clojure.string/split s #""))
