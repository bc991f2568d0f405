;; str/join of 1e10 numbers
;; family: range
;; expect: limit
;; limits: --timeout-ms 500 --max-steps 2000000
(count (clojure.string/join "," (range 10000000000)))
