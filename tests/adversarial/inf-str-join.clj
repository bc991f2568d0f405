;; an infinite lazy sequence realised by clojure.string/join
;; family: infinite
;; expect: limit
;; limits: --timeout-ms 500 --max-steps 2000000
(clojure.string/join "," (range))
