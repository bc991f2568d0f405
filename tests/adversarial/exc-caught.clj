;; an error raised inside the callback of try
;; family: callback
;; expect: value
;; limits: --timeout-ms 500 --max-steps 2000000
(try (sort (fn [a b] (throw (ex-info "caught" {}))) [3 1 2]) (catch Exception e (ex-message e)))
