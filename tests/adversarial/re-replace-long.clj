;; regex str/replace over a 32 MiB string, repeatedly
;; family: regex
;; expect: limit
;; limits: --timeout-ms 500 --max-steps 2000000
(def s (loop [s "a" i 0] (if (< i 25) (recur (str s s) (inc i)) s)))  ; 32 MiB
(loop [i 0] (if (< i 1000) (do (clojure.string/replace s #"a" "b") (recur (inc i))) :done))
