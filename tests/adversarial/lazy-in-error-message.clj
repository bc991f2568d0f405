;; an error message describing a huge lazy seq realises it under the run's budget, not a fresh one
;; family: infinite
;; expect: limit
;; limits: --timeout-ms 500 --max-steps 1000000
(reduce (distinct (repeat 10000000000 [1 2])) #(vector % %))
