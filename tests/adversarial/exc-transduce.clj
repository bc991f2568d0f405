;; an error raised inside the callback of transduce
;; family: callback
;; expect: exception
;; limits: --timeout-ms 500 --max-steps 2000000
(transduce (map (fn [_] (throw (ex-info "from transduce" {})))) + [1])
