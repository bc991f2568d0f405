;; an error raised inside the callback of merge-with
;; family: callback
;; expect: exception
;; limits: --timeout-ms 500 --max-steps 2000000
(merge-with (fn [a b] (throw (ex-info "from merge-with" {}))) {:a 1} {:a 2})
