;; an error raised inside the callback of try
;; family: callback
;; expect: limit
;; limits: --timeout-ms 500 --max-steps 2000000
(try (reduce (fn [a b] (throw (ex-info "x" {}))) [1 2]) (catch Exception e (loop [] (recur))))
