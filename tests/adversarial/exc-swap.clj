;; an error raised inside the callback of swap!
;; family: callback
;; expect: unsupported
;; limits: --timeout-ms 500 --max-steps 2000000
(swap! (atom 0) (fn [_] (throw (ex-info "from swap!" {}))))
