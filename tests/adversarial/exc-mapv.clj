;; an error raised inside the callback of mapv
;; family: callback
;; expect: exception
;; limits: --timeout-ms 500 --max-steps 2000000
(mapv (fn [_] (throw (ex-info "from mapv" {}))) [1 2])
