;; catching the depth error and recursing again
;; family: recursion
;; expect: limit
;; limits: --timeout-ms 500 --max-steps 2000000
(defn f [n] (f n))
(loop [] (try (f 1) (catch Exception e nil)) (recur))
