;; an error raised inside the callback of reduce-kv
;; family: callback
;; expect: exception
;; limits: --timeout-ms 500 --max-steps 2000000
(reduce-kv (fn [a k v] (throw (ex-info "from reduce-kv" {}))) 0 {:a 1})
