;; an error raised inside the callback of count
;; family: callback
;; expect: value
;; limits: --timeout-ms 500 --max-steps 2000000
(count (sort (fn [a b] true) (range 1000)))
