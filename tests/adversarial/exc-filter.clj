;; an error raised inside the callback of doall
;; family: callback
;; expect: exception
;; limits: --timeout-ms 500 --max-steps 2000000
(doall (filter (fn [_] (throw (ex-info "from filter" {}))) [1 2]))
