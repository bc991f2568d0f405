;; an error raised inside the callback of sort
;; family: callback
;; expect: limit
;; limits: --timeout-ms 500 --max-steps 2000000
(sort (fn [a b] (loop [] (recur))) [3 1 2])
