;; an error raised inside the callback of update
;; family: callback
;; expect: exception
;; limits: --timeout-ms 500 --max-steps 2000000
(update {:a 1} :a (fn [_] (throw (ex-info "from update" {}))))
