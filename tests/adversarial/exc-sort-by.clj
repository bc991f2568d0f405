;; an error raised inside the callback of sort-by
;; family: callback
;; expect: exception
;; limits: --timeout-ms 500 --max-steps 2000000
(sort-by (fn [x] (throw (ex-info "from the key fn" {}))) [3 1 2])
