;; an error raised inside the callback of memoize
;; family: callback
;; expect: exception
;; limits: --timeout-ms 500 --max-steps 2000000
((memoize (fn [_] (throw (ex-info "from memoize" {})))) 1)
