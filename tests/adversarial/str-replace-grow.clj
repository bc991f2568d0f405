;; str/replace that quadruples a string each round
;; family: string
;; expect: limit
;; limits: --timeout-ms 500 --max-steps 2000000
(loop [s "a" i 0] (if (< i 30) (recur (clojure.string/replace s "a" "aaaa") (inc i)) (count s)))
