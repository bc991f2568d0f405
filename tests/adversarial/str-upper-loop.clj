;; upper-case of a 32 MiB string, again and again
;; family: string
;; expect: limit
;; limits: --timeout-ms 500 --max-steps 2000000
(def s (loop [s "a" i 0] (if (< i 25) (recur (str s s) (inc i)) s)))  ; 32 MiB
(loop [i 0] (if (< i 1000) (do (clojure.string/upper-case s) (recur (inc i))) :done))
