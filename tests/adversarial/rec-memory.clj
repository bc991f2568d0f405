;; a vector of vectors past the memory limit
;; family: recursion
;; expect: limit
;; limits: --timeout-ms 1000 --max-steps 1000000000000 --max-memory-mb 64
(count (reduce (fn [a _] (conj a (vec (range 1000)))) [] (range 1000000)))
