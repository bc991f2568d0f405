;; str/join of a billion strings
;; family: string
;; expect: limit
;; limits: --timeout-ms 500 --max-steps 2000000
(count (clojure.string/join (repeat 1000000000 "x")))
