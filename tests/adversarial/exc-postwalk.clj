;; an error raised inside the callback of postwalk
;; family: callback
;; expect: exception
;; limits: --timeout-ms 500 --max-steps 2000000
(clojure.walk/postwalk (fn [x] (throw (ex-info "from postwalk" {}))) [1 [2]])
