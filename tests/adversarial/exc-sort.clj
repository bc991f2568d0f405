;; an error raised inside the callback of sort
;; family: callback
;; expect: exception
;; limits: --timeout-ms 500 --max-steps 2000000
(sort (fn [a b] (throw (ex-info "from the comparator" {}))) [3 1 2])
