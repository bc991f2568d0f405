;; an error raised inside the callback of pmap
;; family: callback
;; expect: exception
;; limits: --timeout-ms 500 --max-steps 2000000
(pmap (fn [_] (throw (ex-info "from pmap" {}))) [1 2 3])
