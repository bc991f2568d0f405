;; an error raised inside the callback of sort
;; family: callback
;; expect: arithmetic
;; limits: --timeout-ms 500 --max-steps 2000000
(sort (fn [a b] (/ 1 0)) [3 1 2])
