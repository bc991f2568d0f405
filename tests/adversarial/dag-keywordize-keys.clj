;; keywordize-keys of a DAG of maps
;; family: dag
;; expect: limit
;; limits: --timeout-ms 500 --max-steps 2000000
(def x (reduce (fn [a _] {"k" a "j" a}) {} (range 40)))
(clojure.walk/keywordize-keys x)
