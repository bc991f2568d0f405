;; an error raised inside the callback of count
;; family: callback
;; expect: value
;; limits: --timeout-ms 500 --max-steps 2000000
(count (sort (fn [a b] (- (rand-int 3) 1)) (range 5000)))
