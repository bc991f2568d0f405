;; an error raised inside the callback of group-by
;; family: callback
;; expect: exception
;; limits: --timeout-ms 500 --max-steps 2000000
(group-by (fn [_] (throw (ex-info "from group-by" {}))) [1 2])
