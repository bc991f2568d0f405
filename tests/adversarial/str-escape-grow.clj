;; str/escape doubling every character
;; family: string
;; expect: limit
;; limits: --timeout-ms 500 --max-steps 2000000
(loop [s "a" i 0] (if (< i 40) (recur (clojure.string/escape s {\a "aa"}) (inc i)) (count s)))
