;; an error raised inside the callback of reduce
;; family: callback
;; expect: exception
;; limits: --timeout-ms 500 --max-steps 2000000
(reduce (fn [a b] (throw (ex-info "from reduce" {:a a}))) [1 2 3])
