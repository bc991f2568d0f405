;; an infinite lazy sequence realised by clojure.walk/postwalk
;; family: infinite
;; expect: limit
;; limits: --timeout-ms 500 --max-steps 2000000
(clojure.walk/postwalk identity (range))
